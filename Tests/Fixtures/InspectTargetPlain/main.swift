// Swift without the concurrency runtime (built with the implicit _Concurrency import turned off, so
// libswift_Concurrency.so is never loaded): `taskwarden tasks` must say there is nothing to read.
import Glibc

func waitForStandardInputToClose() {
    var text = "READY\n"
    text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
    var byte: UInt8 = 0
    while read(0, &byte, 1) > 0 {}
}

waitForStandardInputToClose()
