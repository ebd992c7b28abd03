-- pd-house-fairy-five.lua — a house rule of The Princess & the Dragon
-- (RULES PD-25, third item; it replaces PD-22): no fairy point at the
-- start of a turn; instead 5 points when the feature of the follower
-- with the fairy is completed.
--
-- INTERPRETATION PD-25.3 (doc/princess-dragon.md): the rule drops only
-- the 1-point bonus; PD-24's 3 points stay, so a completed feature gives
-- the fairy's follower 3 + 5; final scoring completes nothing and gives
-- the 3 alone.  The 5 are a scoring of their own (as PD-24.3), whatever
-- the feature paid.

local pd

-- S2, after PD-24: a feature completed during the game
local function feature_scored(game, score)
  if score.final then return end
  local f = pd:fairy_follower(game)
  if not f or game:figure_feature(f) ~= score.feature then return end
  local fig = game:figure(f)
  local tile = game:tile_at(fig.x, fig.y)
  game:award(fig.owner, 5, "PD-25",
             { x = fig.x, y = fig.y, segment = fig.segment,
               tile = tile.type, kind = score.kind })
end

return {
  id = "pd-house-fairy-five",
  name = "P&D house rule: 5 points instead of the fairy point",
  version = "1.0",
  description = "No fairy point at the start of a turn; the fairy's " ..
                "follower scores 5 more when its feature is completed " ..
                "(PD-25).",
  requires = { "princess-dragon" },
  setup = function(rules)
    pd = rules:api("princess-dragon")
    pd:set_turn_points(0)
    rules:hook("feature_scored", feature_scored, -10)
  end,
}
