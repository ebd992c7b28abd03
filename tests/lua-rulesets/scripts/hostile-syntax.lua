-- hostile-syntax.lua: does not even compile; it is skipped with its line.
return {
  id = "hostile-syntax", name = "Hostile: syntax", version = "1",
  setup = function(rules)
    if then
  end,
}
