import CPNG

/// PNG encoding and decoding through libpng's simplified API (no setjmp needed).
public enum PNGCodec {
    /// A decoded image: size and RGB bytes.
    public struct Image: Sendable, Hashable {
        public var width: Int
        public var height: Int
        /// Row-major RGB, 3 bytes per pixel.
        public var rgb: [UInt8]
    }

    /// The largest image the exporter renders, in pixels (about 160 MB of RGB).
    public static let maxPixels = 50_000_000

    /// Encodes RGB pixels as a PNG.
    static func encode(_ raster: Raster) throws -> [UInt8] {
        guard raster.width > 0, raster.height > 0, raster.width * raster.height <= maxPixels else {
            throw ExportError.imageTooLarge(width: raster.width, height: raster.height)
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(raster.width)
        image.height = png_uint_32(raster.height)
        image.format = png_uint_32(PNG_FORMAT_RGB)
        image.flags = png_uint_32(PNG_IMAGE_FLAG_FAST)
        var size: Int = 0
        let stride = png_int_32(raster.width * 3)
        return try raster.pixels.withUnsafeBytes { pixels -> [UInt8] in
            guard png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, stride, nil) != 0 else {
                throw ExportError.pngFailed(message(of: image))
            }
            var output = [UInt8](repeating: 0, count: size)
            let ok = output.withUnsafeMutableBytes { buffer in
                png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
            }
            guard ok != 0 else { throw ExportError.pngFailed(message(of: image)) }
            return Array(output.prefix(size))
        }
    }

    /// Decodes a PNG into RGB.
    /// - Throws: ``ExportError/pngFailed(_:)`` for anything libpng cannot read.
    public static func decode(_ data: [UInt8]) throws -> Image {
        try data.withUnsafeBytes { bytes in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                throw ExportError.pngFailed(message(of: image))
            }
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0, width * height <= maxPixels else {
                png_image_free(&image)
                throw ExportError.imageTooLarge(width: width, height: height)
            }
            image.format = png_uint_32(PNG_FORMAT_RGB)
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            let done = rgb.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, png_int_32(width * 3), nil) }
            guard done != 0 else { throw ExportError.pngFailed(message(of: image)) }
            return Image(width: width, height: height, rgb: rgb)
        }
    }

    private static func message(of image: png_image) -> String {
        var copy = image.message
        return withUnsafeBytes(of: &copy) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
