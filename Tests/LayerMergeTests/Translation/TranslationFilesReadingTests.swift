import Foundation
import LayerMerge
import TestSupport
import Testing

/// The export rendered and the XLIFF files read on every core (``TranslationExport/renderedXLIFF(tool:)``,
/// ``TranslationImportFile/read(xliffFiles:)``): the same as one at a time, in the order given,
/// with an error for each file that cannot be read, at its place.
@Suite struct TranslationFilesReadingTests {
  static let tool = XLIFFTool(id: "locmerge", name: "locmerge", version: "test")

  @Test func renderingsAreEachLanguagesDocumentInOrder() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let export = try TranslationExportTests.export(fixture, all: true)
    #expect(export.languages.count > 1)
    let renderings = export.renderedXLIFF(tool: Self.tool)
    #expect(
      renderings
        == export.languages.map {
          XLIFFWriter.render($0.xliff(developmentLanguage: export.developmentLanguage, tool: Self.tool))
        })
  }

  @Test func filesAreReadInTheOrderGivenWithAnErrorForEachBadOne() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let export = try TranslationExportTests.export(fixture, all: true)
    let renderings = export.renderedXLIFF(tool: Self.tool)
    var paths: [String] = []
    for (language, rendering) in zip(export.languages, renderings) {
      let path = fixture.path("\(language.language).xliff")
      try Data(rendering.bytes).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let broken = fixture.path("broken.xliff")
    try Data("<xliff version=\"1.2\">\n  <file original=\"a\"".utf8).write(to: URL(fileURLWithPath: broken))
    let missing = fixture.path("missing.xliff")
    let read = TranslationImportFile.read(xliffFiles: [missing] + paths + [broken])
    let oneByOne = paths.flatMap { path in
      TranslationImportFile.files(
        of: try! XLIFFReader.read(Array(FileManager.default.contents(atPath: path)!), path: path), path: path)
    }
    #expect(read.files == oneByOne)
    #expect(read.diagnostics.map(\.location?.path) == [missing, broken])
    #expect(read.diagnostics.allSatisfy { $0.severity == .error })
    #expect(read.diagnostics.last?.location?.position?.line == 2)
  }
}
