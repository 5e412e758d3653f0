import MapsnapFormats
import Testing

struct InjectedFaultsTests {
    /// The words are recognised anywhere before `--` and come out of the arguments; everything
    /// else passes through in order. (Once set, faults stay for the process: the unit tests
    /// only parse, never `take`.)
    @Test func namesAndValuesAreParsed() throws {
        var faults = InjectedFaults()
        for text in ["break-drawing-at=layer 'water'", "crash-item=i2", "signal-after-tiles=3", "kill-after-tiles=6", "hold-renders", "hold-ready"] {
            try faults.apply(text)
        }
        #expect(faults.breakDrawingAt == "layer 'water'" && faults.crashItem == "i2")
        #expect(faults.signalAfterTiles == 3 && faults.killAfterTiles == 6 && faults.holdRenders && faults.holdReady)
        for bad in ["kill-after-tiles=x", "hold-renders=1", "crash-item", "nonsense"] {
            let error = #expect(throws: InjectedFaultError.self) { try faults.apply(bad) }
            #expect(error?.text == bad)
        }
    }

    @Test func withoutTheWordsNothingIsTakenOrSet() throws {
        let words = ["tiles", "--zoom", "14", "--", "--inject-fault", "x"]
        #expect(try InjectedFaults.take(from: words) == words)
        #expect(InjectedFaults.current == InjectedFaults())
    }
}
