extension ComposeSyntax {
    private func q(_ text: String) -> String { StringLiteral.quoted(text, for: .kotlin) }

    /// Writes a leaf control; `onTap` makes it clickable when a link was drawn from it.
    func writeControl(_ element: ElementBlueprint, onTap: String?, into w: inout CodeWriter) {
        var modifier = Self.semantics(element.accessibility) ?? ""
        if let onTap { modifier += (modifier.isEmpty ? "Modifier" : "") + ".clickable(onClick = \(onTap))" }
        let modifierArgument = modifier.isEmpty ? [] : ["modifier = \(modifier)"]
        let ink = element.ink.map { "Theme.\($0)" }
        switch element.kind {
        case .text(let text, let style):
            let arguments =
                ["text = \(q(text))", "style = MaterialTheme.typography.\(Self.typography(style))"]
                + (ink.map { ["color = \($0)"] } ?? []) + modifierArgument
            w.line("Text(\(arguments.joined(separator: ", ")))")
        case .textField(let placeholder, let binding, let secure):
            var arguments = [
                "value = \(binding)", "onValueChange = { \(binding) = it }",
                "placeholder = { Text(\(q(placeholder))) }",
            ]
            if secure { arguments.append("visualTransformation = PasswordVisualTransformation()") }
            arguments.append("modifier = Modifier" + (Self.pinnedWidth(element) ?? ".fillMaxWidth()"))
            w.line("TextField(\(arguments.joined(separator: ", ")))")
        case .toggle(let title, let binding, let checkbox):
            w.block("Row(verticalAlignment = Alignment.CenterVertically) {") { row in
                let colors =
                    ink.map {
                        checkbox
                            ? ", colors = CheckboxDefaults.colors(checkedColor = \($0))"
                            : ", colors = SwitchDefaults.colors(checkedTrackColor = \($0))"
                    } ?? ""
                if checkbox {
                    row.line("Checkbox(checked = \(binding), onCheckedChange = { \(binding) = it }\(colors))")
                    row.line("Text(\(q(title)))")
                } else {
                    row.line("Text(\(q(title)), modifier = Modifier.weight(1f))")
                    row.line("Switch(checked = \(binding), onCheckedChange = { \(binding) = it }\(colors))")
                }
            }
        case .slider(let binding):
            let colors =
                ink.map { ", colors = SliderDefaults.colors(thumbColor = \($0), activeTrackColor = \($0))" } ?? ""
            let width = Self.pinnedWidth(element).map { ", modifier = Modifier\($0)" } ?? ""
            w.line("Slider(value = \(binding), onValueChange = { \(binding) = it }\(colors)\(width))")
        case .picker(let title, let binding, let options, let segmented):
            writePicker(
                title: title, binding: binding, options: options, segmented: segmented,
                width: Self.pinnedWidth(element), into: &w)
        case .picture(let kind, let width, let height, let fullWidth):
            let label = q(element.accessibility.label ?? "Photo")
            switch kind {
            case .avatar:
                let side = CodeNumber.format(max(min(width, height), 16))
                w.line(
                    "Icon(Icons.Filled.AccountCircle, contentDescription = \(label), tint = Theme.placeholder, modifier = Modifier.size(\(side).dp).clip(CircleShape))"
                )
            case .image:
                let size =
                    fullWidth
                    ? ".fillMaxWidth().height(\(CodeNumber.format(height)).dp)"
                    : ".widthIn(max = \(CodeNumber.format(width)).dp).fillMaxWidth().height(\(CodeNumber.format(height)).dp)"
                w.line(
                    "Box(modifier = Modifier\(size).background(Theme.cardBackground, RoundedCornerShape(Theme.cornerRadius)).semantics { contentDescription = \(label) })"
                )
            }
        case .icon(let symbol):
            w.line(
                "Icon(\(ComposeIcons.reference(symbol)), contentDescription = \(q(element.accessibility.label ?? "Icon"))\(ink.map { ", tint = \($0)" } ?? ""))"
            )
        case .divider:
            w.line("HorizontalDivider(\(Self.pinnedWidth(element).map { "modifier = Modifier\($0)" } ?? ""))")
        case .pageControl(let count):
            w.block(
                "Row(horizontalArrangement = Arrangement.spacedBy(8.dp), modifier = Modifier.semantics { contentDescription = \(q(element.accessibility.label ?? "Pages")) }) {"
            ) { row in
                row.block("repeat(\(count)) { page ->") {
                    $0.line(
                        "Box(modifier = Modifier.size(8.dp).background(if (page == 0) Theme.accent else Theme.placeholder, CircleShape))"
                    )
                }
            }
        case .button, .card, .list:
            preconditionFailure("written by write(_:parent:into:walker:)")
        }
    }

    static func typography(_ style: TextStyle) -> String {
        switch style {
        case .largeTitle: "headlineLarge"
        case .title: "headlineMedium"
        case .headline: "titleMedium"
        case .body: "bodyLarge"
        case .caption: "bodySmall"
        }
    }

    private func writePicker(
        title: String, binding: String, options: [String], segmented: Bool, width: String?, into w: inout CodeWriter
    ) {
        let list = "listOf(" + options.map(q).joined(separator: ", ") + ")"
        if segmented {
            w.block("TabRow(selectedTabIndex = \(binding)\(width.map { ", modifier = Modifier\($0)" } ?? "")) {") {
                row in
                row.block("\(list).forEachIndexed { index, option ->") {
                    $0.line(
                        "Tab(selected = \(binding) == index, onClick = { \(binding) = index }, text = { Text(option) })"
                    )
                }
            }
            return
        }
        w.block("Box {") { box in
            box.line("val options = \(list)")
            box.line("var expanded by remember { mutableStateOf(false) }")
            box.block("TextButton(onClick = { expanded = true }) {") {
                $0.line("Text(\(q(title)) + \": \" + options[\(binding)])")
            }
            box.block("DropdownMenu(expanded = expanded, onDismissRequest = { expanded = false }) {") { menu in
                menu.block("options.forEachIndexed { index, option ->") {
                    $0.line(
                        "DropdownMenuItem(text = { Text(option) }, onClick = { \(binding) = index; expanded = false })")
                }
            }
        }
    }

    /// `.widthIn(max = N.dp).fillMaxWidth()` for a stretching control or a card drawn narrower
    /// than full width (it takes less on a narrower phone), or nil.
    static func pinnedWidth(_ element: ElementBlueprint) -> String? {
        element.pinnedWidth.map { ".widthIn(max = \(CodeNumber.format($0)).dp).fillMaxWidth()" }
    }

    /// A `LazyColumn` over the screen's item list.
    func writeList(
        _ list: ListBlueprint, element: ElementBlueprint, fill: Bool, onTap: String?, into w: inout CodeWriter
    ) {
        let type = list.itemType
        let width = Self.pinnedWidth(element) ?? ".fillMaxWidth()"
        let modifier =
            fill ? "modifier = Modifier.weight(1f)" + (Self.pinnedWidth(element) ?? "") : "modifier = Modifier" + width
        w.block("LazyColumn(\(modifier)) {") { column in
            column.block("itemsIndexed(\(list.property)) { index, item ->") { row in
                var arguments = ["headlineContent = { Text(item.title) }"]
                if type.hasSubtitle { arguments.append("supportingContent = { Text(item.subtitle) }") }
                switch type.leadingPicture {
                case .avatar?:
                    arguments.append("leadingContent = { Icon(Icons.Filled.AccountCircle, contentDescription = null) }")
                case .image?:
                    arguments.append(
                        "leadingContent = { Box(modifier = Modifier.size(40.dp).background(Theme.cardBackground)) }")
                case nil:
                    if type.hasSymbol {
                        arguments.append("leadingContent = { Icon(iconFor(item.symbol), contentDescription = null) }")
                    }
                }
                if type.hasToggle {
                    arguments.append(
                        "trailingContent = { Switch(checked = item.isOn, onCheckedChange = { \(list.property)[index] = item.copy(isOn = it) }) }"
                    )
                }
                if let onTap { arguments.append("modifier = Modifier.clickable(onClick = \(onTap))") }
                row.block("ListItem(", close: [")"]) { $0.lines(arguments.map { $0 + "," }) }
            }
        }
    }
}

/// Material icons for the SF Symbols the recognizer names.
enum ComposeIcons {
    static func reference(_ symbol: String) -> String { "Icons.Filled." + name(symbol) }

    static func name(_ symbol: String) -> String {
        let table: [String: String] = [
            "chevron.left": "ArrowBack", "arrow.left": "ArrowBack", "chevron.right": "KeyboardArrowRight",
            "arrow.right": "ArrowForward",
            "line.3.horizontal": "Menu", "plus": "Add", "magnifyingglass": "Search", "gearshape": "Settings",
            "square.and.arrow.up": "Share", "xmark": "Close", "play.fill": "PlayArrow", "star": "Star",
            "camera": "AccountBox",
            "envelope": "Email", "house": "Home", "person": "Person", "bell": "Notifications", "heart": "Favorite",
            "ellipsis": "MoreVert", "trash": "Delete", "pencil": "Edit",
        ]
        return table[symbol] ?? "Info"
    }
}
