extension SwiftUISyntax {
    /// What ``writeControl(_:into:walker:)`` leaves to the caller: the control's own modifiers.
    struct Written {
        var modifiers: [String]
    }

    /// Writes the control itself; returns its modifiers for the caller to place.
    func writeControl(_ element: ElementBlueprint, into writer: inout CodeWriter, walker: ViewTreeWalker<Self>)
        -> Written
    {
        switch element.kind {
        case .text(let text, let style):
            writer.line("Text(\(StringLiteral.quoted(text)))")
            return Written(modifiers: [".font(Theme.\(style.rawValue))"])
        case .textField(let placeholder, let binding, let secure):
            writer.line(
                "\(secure ? "SecureField" : "TextField")(\(StringLiteral.quoted(placeholder)), text: $\(binding))")
            return Written(modifiers: [".textFieldStyle(.roundedBorder)"])
        case .toggle(let title, let binding, let checkbox):
            writer.line("Toggle(\(StringLiteral.quoted(title)), isOn: $\(binding))")
            return Written(modifiers: checkbox ? [".toggleStyle(CheckboxToggleStyle())"] : [])
        case .slider(let binding):
            writer.line("Slider(value: $\(binding))")
            return Written(modifiers: [])
        case .picker(let title, let binding, let options, let segmented):
            writer.block("Picker(\(StringLiteral.quoted(title)), selection: $\(binding)) {") { inner in
                for (index, option) in options.enumerated() {
                    inner.line("Text(\(StringLiteral.quoted(option))).tag(\(index))")
                }
            }
            return Written(modifiers: [segmented ? ".pickerStyle(.segmented)" : ".pickerStyle(.menu)"])
        case .picture(let kind, let width, let height, let fullWidth):
            return writePicture(kind, width: width, height: height, fullWidth: fullWidth, into: &writer)
        case .icon(let symbol):
            writer.line("Image(systemName: \(StringLiteral.quoted(symbol)))")
            return Written(modifiers: [".font(Theme.body)"])
        case .divider:
            writer.line("Divider()")
            return Written(modifiers: [])
        case .pageControl(let count):
            writer.block("HStack(spacing: 8) {") { inner in
                inner.block("ForEach(0..<\(count), id: \\.self) { page in") { dot in
                    dot.line("Circle()")
                    dot.indented {
                        $0.lines([".fill(page == 0 ? Theme.accent : Theme.placeholder)", ".frame(width: 8, height: 8)"])
                    }
                }
            }
            return Written(modifiers: [".accessibilityElement(children: .ignore)"])
        case .card(let stack, let fullWidth):
            walker.write(LayoutIdioms.onlyView(of: stack) ?? .stack(stack), parent: nil, into: &writer)
            let width = fullWidth ? ".infinity" : element.pinnedWidth.map(CodeNumber.format)
            let frame = width.map { [".frame(maxWidth: \($0), alignment: .leading)"] } ?? []
            return Written(modifiers: frame + [".background(Theme.cardBackground, in: Theme.cardShape)"])
        case .button, .list:
            preconditionFailure("buttons and lists are written by write(_:parent:into:walker:)")
        }
    }

    private func writePicture(
        _ kind: PictureKind, width: Double, height: Double, fullWidth: Bool, into writer: inout CodeWriter
    ) -> Written {
        switch kind {
        case .avatar:
            let side = CodeNumber.format(max(min(width, height), 16))
            writer.line("Image(systemName: \"person.crop.circle.fill\")")
            return Written(modifiers: [
                ".resizable()", ".scaledToFit()", ".frame(width: \(side), height: \(side))",
                ".foregroundStyle(Theme.placeholder)", ".clipShape(Circle())",
            ])
        case .image:
            let size =
                fullWidth
                ? ".frame(maxWidth: .infinity, minHeight: \(CodeNumber.format(height)), maxHeight: \(CodeNumber.format(height)))"
                : ".frame(maxWidth: \(CodeNumber.format(width)), minHeight: \(CodeNumber.format(height)), maxHeight: \(CodeNumber.format(height)))"
            writer.line("Image(systemName: \"photo\")")
            return Written(modifiers: [
                ".font(Theme.largeTitle)", ".foregroundStyle(Theme.placeholder)", size,
                ".background(Theme.cardBackground, in: Theme.cardShape)",
            ])
        }
    }

    // MARK: Lists

    /// `List` over the screen's `Identifiable` items (bound when rows hold toggles).
    func writeList(_ list: ListBlueprint, element: ElementBlueprint, into writer: inout CodeWriter) {
        let type = list.itemType
        let header = type.hasToggle ? "List($\(list.property)) { $item in" : "List(\(list.property)) { item in"
        writer.block(header) { row in
            switch element.link?.style {
            case .push?:
                row.block("NavigationLink {", close: []) { $0.line("\(element.link!.destination)()") }
                row.block("} label: {") { writeRow(type, into: &$0) }
            case .sheet?:
                row.block("Button {", close: []) { $0.line("\(element.link?.presentedBy ?? "isPresented") = true") }
                row.block("} label: {") { writeRow(type, into: &$0) }
            case nil:
                writeRow(type, into: &row)
            }
        }
        var modifiers = [".listStyle(.plain)"] + Self.widthModifiers(element)
        if let ink = element.ink { modifiers.append(".tint(Theme.\(ink))") }
        modifiers += Self.accessibilityModifiers(element.accessibility)
        if element.link?.style == .sheet, let link = element.link {
            modifiers += [
                ".sheet(isPresented: $\(link.presentedBy ?? "isPresented")) {", "    \(link.destination)()", "}",
            ]
        }
        writer.lines(modifiers + Self.placementModifiers(element.placement))
    }

    private func writeRow(_ type: ItemType, into writer: inout CodeWriter) {
        let plain = !type.hasSubtitle && !type.hasSymbol && type.leadingPicture == nil
        if plain {
            writer.line(type.hasToggle ? "Toggle(item.title, isOn: $item.isOn)" : "Text(item.title)")
            return
        }
        let label: (inout CodeWriter) -> Void = { w in
            w.block("HStack(spacing: 12) {") { h in
                switch type.leadingPicture {
                case .avatar?:
                    h.line("Image(systemName: \"person.crop.circle.fill\")")
                    h.indented {
                        $0.lines([
                            ".resizable()", ".frame(width: 40, height: 40)", ".foregroundStyle(Theme.placeholder)",
                            ".accessibilityHidden(true)",
                        ])
                    }
                case .image?:
                    h.line("Image(systemName: \"photo\")")
                    h.indented {
                        $0.lines([
                            ".frame(width: 40, height: 40)", ".foregroundStyle(Theme.placeholder)",
                            ".accessibilityHidden(true)",
                        ])
                    }
                case nil: break
                }
                if type.hasSymbol { h.line("Image(systemName: item.symbol)") }
                if type.hasSubtitle {
                    h.block("VStack(alignment: .leading, spacing: 2) {") { v in
                        v.line("Text(item.title)")
                        v.indented { $0.line(".font(Theme.body)") }
                        v.line("Text(item.subtitle)")
                        v.indented { $0.line(".font(Theme.caption)") }
                    }
                } else {
                    h.line("Text(item.title)")
                }
            }
        }
        if type.hasToggle {
            writer.block("Toggle(isOn: $item.isOn) {", label)
        } else {
            label(&writer)
        }
    }
}
