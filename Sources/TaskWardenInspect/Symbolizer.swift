#if os(Linux)
/// Turns code addresses of a process into function names and source lines, from the files the process has
/// mapped: symbol tables for names (demangled by the Swift runtime's demangler), `.debug_line` for lines
/// when the file has debug info. Files are opened lazily — only those a frame falls into — through
/// `/proc/PID/map_files`, so a binary replaced on disk since the process started is still the right one.
final class Symbolizer {
    private struct Image {
        var path: String
        var regions: [MemoryRegion]
        var loaded: LoadedImage??
    }

    private struct LoadedImage {
        var file: ELFFile
        var bias: UInt64
        var symbols: ELFSymbolTable?
        var lines: DWARFLineTable?
    }

    private let pid: Int32
    private var images: [Image] = []
    /// Executable ranges sorted by start, with the image each belongs to.
    private var code: [(start: UInt64, end: UInt64, image: Int)] = []
    private var frameCache: [UInt64: (frame: AsyncFrame, isNoise: Bool)] = [:]

    init(pid: Int32, map: MemoryMap) {
        self.pid = pid
        var byPath: [String: [MemoryRegion]] = [:]
        for region in map.regions where region.path.hasPrefix("/") {
            byPath[region.path, default: []].append(region)
        }
        images = byPath.map { Image(path: $0.key, regions: $0.value.sorted { $0.start < $1.start }, loaded: nil) }
            .filter { $0.regions.contains { $0.executable } }
        for (index, image) in images.enumerated() {
            for region in image.regions where region.executable { code.append((region.start, region.end, index)) }
        }
        code.sort { $0.start < $1.start }
    }

    private func image(containing address: UInt64) -> Int? {
        var low = 0, high = code.count
        while low < high {
            let middle = (low + high) / 2
            if code[middle].end <= address { low = middle + 1 } else { high = middle }
        }
        guard low < code.count, code[low].start <= address else { return nil }
        return code[low].image
    }

    /// The frame at `address`, and whether it is compiler or runtime glue a backtrace leaves out
    /// (``FrameNames/isNoise(_:)``), decided once per address.
    func frame(at address: UInt64) -> (frame: AsyncFrame, isNoise: Bool) {
        if let cached = frameCache[address] { return cached }
        guard let index = image(containing: address) else {
            return (AsyncFrame(address: address, function: nil, file: nil, line: nil, image: "?"), false)
        }
        let imageName = images[index].path.split(separator: "/").last.map(String.init) ?? images[index].path
        if images[index].loaded == nil { images[index].loaded = load(images[index]) }
        var resolved: (name: String?, file: String?, line: Int?) = (nil, nil, nil)
        var isNoise = false
        if let loaded = images[index].loaded ?? nil {
            let fileAddress = address &- loaded.bias
            let function = loaded.symbols?.function(containing: fileAddress)
            if let function {
                let demangled = SwiftDemangler.demangle(function.name)
                isNoise = FrameNames.isNoise(demangled)
                resolved.name = FrameNames.tidy(demangled)
            }
            if let location = loaded.lines?.location(of: fileAddress, before: function?.end) {
                resolved.file = location.file
                resolved.line = location.line
            }
        }
        let frame = AsyncFrame(address: address, function: resolved.name, file: resolved.file, line: resolved.line, image: imageName)
        frameCache[address] = (frame, isNoise)
        return (frame, isNoise)
    }

    private func load(_ image: Image) -> LoadedImage? {
        let first = image.regions[0]
        let candidates = [
            "/proc/\(pid)/map_files/\(String(first.start, radix: 16))-\(String(first.end, radix: 16))",
            "/proc/\(pid)/root\(image.path)",
            image.path,
        ]
        for candidate in candidates {
            guard let file = try? ELFFile(path: candidate), let bias = file.loadBias(in: image.regions) else { continue }
            var lines: DWARFLineTable?
            if let section = file.section(named: ".debug_line"), !section.isCompressed, let bytes = file.contents(of: section) {
                let lineStrings = file.section(named: ".debug_line_str").flatMap { $0.isCompressed ? nil : file.contents(of: $0) }
                let strings = file.section(named: ".debug_str").flatMap { $0.isCompressed ? nil : file.contents(of: $0) }
                lines = DWARFLineTable(lineSection: bytes, lineStrings: lineStrings, strings: strings)
            }
            return LoadedImage(file: file, bias: bias, symbols: ELFSymbolTable(file: file), lines: lines)
        }
        return nil
    }
}
#endif
