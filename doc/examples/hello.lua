-- hello.lua: one point to the player whose turn starts (doc/lua-rulesets.md)
return {
  id = "hello", name = "Hello", version = "0.1",
  setup = function(rules)
    rules:hook("turn_start", function(game)
      game:award(game:active_player(), 1, "HELLO-01")
    end)
  end,
}
