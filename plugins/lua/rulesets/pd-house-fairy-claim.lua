-- pd-house-fairy-claim.lua — a house rule of The Princess & the Dragon
-- (RULES PD-25, second item; it widens PD-22): the fairy point may be
-- claimed until the tile bag is passed on.
--
-- At a table the rule forgives a player who forgot to take the point at
-- the start of the turn; the engine never forgets, so here it means what
-- a player may claim before handing on the bag (doc/princess-dragon.md,
-- "House rules (PD-25)", INTERPRETATION PD-25.2): the turn's fairy point
-- is the most PD-22 (X-08 at a pyramid) would have given at any moment
-- of the turn.  The point of the turn's start is scored then, as always
-- (PD-22); the fairy can only come to the player's follower during the
-- turn by the player's own fairy move (PD-20), so what that move adds is
-- scored right after the figure action, before the dragon flies and
-- before scoring (PD-25), once a turn.  A point never goes once earned.

local pd

-- where the fairy stands, for the points event
local function fairy_place(game)
  local f = pd:fairy_follower(game)
  if not f then return nil end
  local fig = game:figure(f)
  local tile = game:tile_at(fig.x, fig.y)
  local place = { x = fig.x, y = fig.y, segment = fig.segment,
                  tile = tile.type }
  if fig.segment then
    place.kind = game:tile_type(tile.type).segments[fig.segment].kind
  end
  return place
end

-- T1, after PD-22 (priority -10): what the turn's start was worth
local function turn_start(game)
  game:state().claimed = pd:turn_points(game, game:active_player())
end

-- M1, before the dragon flies (priority 10): the claim before the bag is
-- passed on
local function after_figure(game)
  local st = game:state()
  local me = game:active_player()
  local now = pd:turn_points(game, me)
  if now > (st.claimed or 0) then
    game:award(me, now - (st.claimed or 0), "PD-25", fairy_place(game))
    st.claimed = now
  end
end

return {
  id = "pd-house-fairy-claim",
  name = "P&D house rule: fairy point until the bag is passed on",
  version = "1.0",
  description = "The fairy's point is scored for the best moment of your " ..
                "turn: moving the fairy to your follower earns it at " ..
                "once (PD-25).",
  requires = { "princess-dragon" },
  setup = function(rules)
    pd = rules:api("princess-dragon")
    rules:hook("turn_start", turn_start, -10)
    rules:hook("after_figure", after_figure, 10)
  end,
}
