import SketchModel

/// One recognition's blueprint, built once: the SwiftUI files and the element previews the
/// daemon publishes both come from it.
public struct SessionBlueprint: Sendable {
    /// The recognition the blueprint was built from.
    public let recognition: SessionRecognition
    let app: AppBlueprint

    /// Builds the blueprint of `recognition`.
    public init(_ recognition: SessionRecognition) {
        self.recognition = recognition
        app = BlueprintBuilder.app(for: recognition)
    }

    /// The SwiftUI files (``SwiftUIGenerator``), generating only those whose blueprint part is not
    /// in `cache`.
    public func swiftUIFiles(reusing cache: SwiftUIFileCache? = nil) -> [GeneratedFile] {
        SwiftUIGenerator.files(for: app, reusing: cache)
    }

    /// Per screen id, per element id: what the code shows (``BlueprintPreview``).
    public var previews: [String: [String: ElementPreview]] {
        BlueprintPreview.elements(for: recognition, app: app)
    }
}
