// The session theme as the generated `Theme.swift` writes it (Exporter's ThemeTokens and
// SwiftUISupportFiles.theme), and the text style the code gives a label
// (ScreenBlueprintBuilder.textStyle), so the preview draws what the code shows. Pure.

/** The text styles `Theme.swift` declares, in its order. */
export const TEXT_STYLES = ['largeTitle', 'title', 'headline', 'body', 'caption'];

/**
 * The system's Dynamic Type size (points) of each style, and the weight `Theme.swift` gives it
 * when the type scale is not 1 (it then writes `Font.system(size:weight:)`).
 */
const SCALED_FONTS = {
  largeTitle: { size: 34, weight: 700 },
  title: { size: 28, weight: 700 },
  headline: { size: 17, weight: 600 },
  body: { size: 17, weight: 400 },
  caption: { size: 12, weight: 400 },
};

/** At scale 1 `Theme.swift` uses the system styles (`Font.title`), whose weights are these. */
const SYSTEM_WEIGHTS = { largeTitle: 400, title: 400, headline: 600, body: 400, caption: 400 };

const clamp = (value, low, high, fallback) => (Number.isFinite(value) ? Math.min(Math.max(value, low), high) : fallback);

/** The type-scale role the code gives a label of this drawn height (frame height, points). */
export function textStyleOfLabel(height) {
  if (height >= 44) return 'largeTitle';
  if (height >= 32) return 'title';
  if (height >= 24) return 'headline';
  if (height < 6) return 'caption';
  return 'body';
}

/**
 * Each text style's font at a type scale: `{size, weight}`, size in points rounded to a tenth
 * as `Theme.swift` writes it.
 * @param {number} typeScale the theme's, clamped to 0.5...3 as the exporter does
 */
export function themeFonts(typeScale) {
  const scale = clamp(typeScale, 0.5, 3, 1);
  return Object.fromEntries(TEXT_STYLES.map((style) => {
    const { size, weight } = SCALED_FONTS[style];
    if (scale === 1) return [style, { size, weight: SYSTEM_WEIGHTS[style] }];
    return [style, { size: Math.round(size * scale * 10) / 10, weight }];
  }));
}

/**
 * The CSS custom properties the preview's phone takes from the theme: `--accent`,
 * `--screen-bg`, `--radius`, and `--<style>-size` / `--<style>-weight` per text style.
 * @param {{accent: string, background: string, cornerRadius: number, typeScale: number}} theme
 * @returns {[string, string][]}
 */
export function themeProperties(theme) {
  const hex = (value, fallback) => (/^#[0-9a-f]{6}$/i.test(value ?? '') ? value : fallback);
  const properties = [
    ['--accent', hex(theme.accent, '#007aff')],
    ['--screen-bg', hex(theme.background, '#ffffff')],
    ['--radius', `${clamp(theme.cornerRadius, 0, 60, 10)}px`],
  ];
  for (const [style, font] of Object.entries(themeFonts(theme.typeScale))) {
    properties.push([`--${style}-size`, `${font.size}px`], [`--${style}-weight`, String(font.weight)]);
  }
  return properties;
}
