import Foundation

/// The files shipped in the module's `Resources` folder (models, word lists): read from the
/// bundle, never downloaded.
enum ShippedResource {
    /// The bytes of resource `name`.
    /// - Throws: ``ModelFileError/missingResource(_:)`` when it is not in the bundle.
    static func data(_ name: String) throws -> Data {
        guard
            let url = Bundle.module.url(forResource: "Resources/\(name)", withExtension: nil)
                ?? Bundle.module.url(forResource: name, withExtension: nil),
            let data = try? Data(contentsOf: url)
        else { throw ModelFileError.missingResource(name) }
        return data
    }

    /// Resource `name` as UTF-8 text.
    static func text(_ name: String) throws -> String { String(decoding: try data(name), as: UTF8.self) }
}
