-- pd-house-redraw-dragon.lua — a house rule of The Princess & the Dragon
-- (RULES PD-25, first item; it replaces PD-08): while the dragon is not in
-- play, a drawn dragon tile goes back into the bag and the player draws
-- again at once, instead of waiting face up for the first volcano.
--
-- For the engine (doc/princess-dragon.md, "House rules (PD-25)"): each
-- drawn dragon tile is set aside (tile-set-aside, PD-25) and the player
-- draws again; as soon as a tile that stays in play is drawn, the
-- dragon tiles of this draw are shuffled back into the bag
-- (tiles-returned, PD-25).  The replacement is a uniformly random tile
-- of the bag that is no dragon tile, exactly as with a tile put back and
-- the bag shaken, and the draw always ends: a bag holding nothing but
-- dragon tiles empties, the game ends and AMB-07 discards them, as under
-- PD-08.

local pd, dragon_bit

-- D2, before PD-08 (priority 10 runs before the rule set's own hook, which
-- then never sees a dragon tile while the dragon is away)
local function draw(game, tile)
  local st = game:state()
  if not pd:dragon_in_play(game) and
     game:tile_type(tile).symbols & dragon_bit ~= 0 then
    game:set_aside_tile(tile, "PD-25")
    st.aside = (st.aside or 0) + 1
    return "stop"
  end
  if (st.aside or 0) > 0 then
    -- a tile that stays in play was drawn: the dragon tiles go back
    st.aside = 0
    game:return_set_aside("PD-25")
  end
end

return {
  id = "pd-house-redraw-dragon",
  name = "P&D house rule: redraw dragon tiles",
  version = "1.0",
  description = "Before the dragon is in play, a drawn dragon tile goes " ..
                "back into the bag and you draw again at once (PD-25).",
  requires = { "princess-dragon" },
  setup = function(rules)
    pd = rules:api("princess-dragon")
    dragon_bit = 1 << rules:symbol("dragon")
    rules:hook("draw", draw, 10)
  end,
}
