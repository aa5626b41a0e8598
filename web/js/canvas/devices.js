// Phone and tablet frames a screen can have (canvas points).

export const DEVICES = [
  { id: 'iphone-se', name: 'iPhone SE', width: 375, height: 667 },
  { id: 'iphone-15', name: 'iPhone 15', width: 390, height: 844 },
  { id: 'iphone-15-pro-max', name: 'iPhone 15 Pro Max', width: 430, height: 932 },
  { id: 'ipad-mini', name: 'iPad mini', width: 744, height: 1133 },
];

export const DEFAULT_DEVICE = DEVICES[1];

/** The device whose width matches the screen's, or the default. */
export function deviceFor(screen) {
  return DEVICES.find((d) => d.width === screen.width) ?? DEFAULT_DEVICE;
}
