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
        let stride = png_int_32(raster.width * 3)
        // One pass into a buffer of libpng's worst-case size (PNG_IMAGE_PNG_SIZE_MAX): asking
        // for the size first would compress everything twice.
        let data = raster.height * (raster.width * 3 + 1)
        let compressed = data + (data + 7) / 8 + (data + 63) / 64 + 11
        let capacity = compressed + 12 * (compressed / 8192) + 8 + 25 + 16 + 44 + 12 + 12 + 1024
        var failure: String?
        let output = raster.pixels.withUnsafeBytes { pixels in
            [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                var size = capacity
                if png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels.baseAddress, stride, nil) != 0
                {
                    initialized = size
                } else {
                    failure = message(of: image)
                    initialized = 0
                }
            }
        }
        if let failure { throw ExportError.pngFailed(failure) }
        return output
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
            let width = Int(image.width)
            let height = Int(image.height)
            guard width > 0, height > 0, width * height <= maxPixels else {
                png_image_free(&image)
                throw ExportError.imageTooLarge(width: width, height: height)
            }
            image.format = png_uint_32(PNG_FORMAT_RGB)
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            let done = rgb.withUnsafeMutableBytes {
                png_image_finish_read(&image, nil, $0.baseAddress, png_int_32(width * 3), nil)
            }
            guard done != 0 else { throw ExportError.pngFailed(message(of: image)) }
            return Image(width: width, height: height, rgb: rgb)
        }
    }

    private static func message(of image: png_image) -> String {
        var copy = image.message
        return withUnsafeBytes(of: &copy) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
