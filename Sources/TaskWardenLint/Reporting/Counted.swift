/// `count` and `noun`, with the noun in the plural unless the count is one: `1 file`, `0 files`, `2 warnings`.
///
/// Every summary line the command prints counts through this, so none says `1 files`.
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
