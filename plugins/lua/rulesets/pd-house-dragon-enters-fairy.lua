-- pd-house-dragon-enters-fairy.lua — a house rule of The Princess & the
-- Dragon (RULES PD-25, fourth item; it replaces PD-23): the fairy does not
-- stop the dragon entering its tile, it only prevents eating there.
--
-- The dragon's flight may step onto the fairy's tile like any other
-- (PD-09 still forbids a tile already visited in this flight); entering
-- it eats nothing there, so every figure on that tile is safe, and a
-- flight may end there, the protected figures sharing the dragon's tile.
-- PD-12 still keeps every new figure off the dragon's tile
-- (doc/princess-dragon.md, INTERPRETATION PD-25.4).

return {
  id = "pd-house-dragon-enters-fairy",
  name = "P&D house rule: the dragon may enter the fairy's tile",
  version = "1.0",
  description = "The dragon may fly onto the fairy's tile but eats " ..
                "nothing there (PD-25).",
  requires = { "princess-dragon" },
  setup = function(rules)
    rules:api("princess-dragon"):set_fairy_guard("figures")
  end,
}
