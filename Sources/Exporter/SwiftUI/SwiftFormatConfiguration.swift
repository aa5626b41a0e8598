import SketchModel

/// The `.swift-format` configuration the SwiftUI exports ship, so `swift format lint` (in the
/// Swift 6 toolchain) checks the generated files as the developer keeps them.
///
/// It is swift-format's own default configuration with Xcode's four-space indentation. No rule is
/// turned off beyond swift-format's defaults; docs/design/exporter.md ("Style") says why each
/// of those stays off for generated code. `ExporterTests.SwiftFormatLintTests` lints every golden
/// export with it.
enum SwiftFormatConfiguration {
    /// The configuration's `lineLength`: the SwiftUI writers wrap calls longer than this.
    static let lineLength = 100

    /// `.swift-format` at the root of the export.
    static let file = GeneratedFile(
        path: ".swift-format",
        text: """
            {
              "fileScopedDeclarationPrivacy": {
                "accessLevel": "private"
              },
              "indentBlankLines": false,
              "indentConditionalCompilationBlocks": true,
              "indentSwitchCaseLabels": false,
              "indentation": {
                "spaces": 4
              },
              "lineBreakAroundMultilineExpressionChainComponents": false,
              "lineBreakBeforeControlFlowKeywords": false,
              "lineBreakBeforeEachArgument": false,
              "lineBreakBeforeEachGenericRequirement": false,
              "lineBreakBetweenDeclarationAttributes": false,
              "lineLength": \(lineLength),
              "maximumBlankLines": 1,
              "multiElementCollectionTrailingCommas": true,
              "noAssignmentInExpressions": {
                "allowedFunctions": [
                  "XCTAssertNoThrow"
                ]
              },
              "orderedImports": {
                "includeConditionalImports": false
              },
              "prioritizeKeepingFunctionOutputTogether": false,
              "reflowMultilineStringLiterals": "never",
              "respectsExistingLineBreaks": true,
              "rules": {
                "AllPublicDeclarationsHaveDocumentation": false,
                "AlwaysUseLiteralForEmptyCollectionInit": false,
                "AlwaysUseLowerCamelCase": true,
                "AmbiguousTrailingClosureOverload": true,
                "AvoidRetroactiveConformances": true,
                "BeginDocumentationCommentWithOneLineSummary": false,
                "DoNotUseSemicolons": true,
                "DontRepeatTypeInStaticProperties": true,
                "FileScopedDeclarationPrivacy": true,
                "FullyIndirectEnum": true,
                "GroupNumericLiterals": true,
                "IdentifiersMustBeASCII": true,
                "NeverForceUnwrap": false,
                "NeverUseForceTry": false,
                "NeverUseImplicitlyUnwrappedOptionals": false,
                "NoAccessLevelOnExtensionDeclaration": true,
                "NoAssignmentInExpressions": true,
                "NoBlockComments": true,
                "NoCasesWithOnlyFallthrough": true,
                "NoEmptyLinesOpeningClosingBraces": false,
                "NoEmptyTrailingClosureParentheses": true,
                "NoLabelsInCasePatterns": true,
                "NoLeadingUnderscores": false,
                "NoParensAroundConditions": true,
                "NoPlaygroundLiterals": true,
                "NoVoidReturnOnFunctionSignature": true,
                "OmitExplicitReturns": false,
                "OneCasePerLine": true,
                "OneVariableDeclarationPerLine": true,
                "OnlyOneTrailingClosureArgument": true,
                "OrderedImports": true,
                "ReplaceForEachWithForLoop": true,
                "ReturnVoidInsteadOfEmptyTuple": true,
                "TypeNamesShouldBeCapitalized": true,
                "UseEarlyExits": false,
                "UseExplicitNilCheckInConditions": true,
                "UseLetInEveryBoundCaseVariable": true,
                "UseShorthandTypeNames": true,
                "UseSingleLinePropertyGetter": true,
                "UseSynthesizedInitializer": true,
                "UseTripleSlashForDocumentationComments": true,
                "UseWhereClausesInForLoops": false,
                "ValidateDocumentationComments": false
              },
              "spacesAroundRangeFormationOperators": false,
              "spacesBeforeEndOfLineComments": 2,
              "tabWidth": 8,
              "version": 1
            }

            """)
}
