-- abbot.lua — The Abbot (RULES §2, ABBOT-01..08) written in Lua for the
-- Lua rule-set host (doc/lua-rulesets.md).  It plays exactly as the C
-- plugin plugins/abbot/abbot.c: the same id, version, figure, action kind
-- and rule IDs, so a game record is the same with either (the
-- differential test, tests/lua-rulesets/, checks it).
--
-- Each player gets an abbot (ABBOT-01) that counts as a follower for every
-- other rule (ABBOT-08).  Gardens become features completed and scored
-- like monasteries (ABBOT-02).  The abbot goes only on the monastery or
-- garden of the tile just placed (ABBOT-03, ABBOT-04); instead of any
-- other figure action its owner may take it back and score what its
-- feature is worth at that moment (ABBOT-06).  Its scoring at completion
-- and at the end is the monastery's, under the abbot's own rule IDs
-- (ABBOT-05, ABBOT-07).

local abbot, take_back, monastery, garden

-- ABBOT-03/04: the only kinds an abbot stands on
local function is_abbot_spot(kind)
  return kind == monastery or kind == garden
end

-- ABBOT-03/04: the abbot on the unoccupied monastery or garden of the new
-- tile.  ABBOT-06: taking a placed abbot back.
local function list_abbot_actions(game, list)
  local me = game:active_player()
  local tile = game:current_tile()
  if tile and game:supply(me, abbot) > 0 then
    local type = game:tile_type(tile.type)
    for s = 0, type.n_segments - 1 do
      if is_abbot_spot(type.segments[s].kind) then
        local info = game:feature(tile.x, tile.y, s)
        if info then
          local occupied = false
          for p = 0, game:n_players() - 1 do
            if info.followers[p] > 0 then occupied = true end
          end
          if not occupied then -- BASE-12: one figure only
            list:add{ kind = 1, x = tile.x, y = tile.y, segment = s,
                      figure = abbot }
          end
        end
      end
    end
  end
  for _, f in ipairs(game:figures(abbot)) do
    if f.owner == me and f.on_board then
      list:add{ kind = take_back, x = f.x, y = f.y, segment = f.segment }
    end
  end
end

-- ABBOT-06: 1 + placed neighbours (the BASE-22 count), then home.
local function take_abbot_back(game, action)
  local me = game:active_player()
  for _, f in ipairs(game:figures(abbot)) do
    if f.owner == me and f.on_board and f.x == action.x and
       f.y == action.y and f.segment == action.segment then
      local points = 1 + game:neighbours(f.x, f.y)
      local tile = game:tile_at(f.x, f.y)
      game:award(me, points, "ABBOT-06",
                 { x = f.x, y = f.y, segment = f.segment, tile = tile.type,
                   kind = game:tile_type(tile.type).segments[f.segment].kind })
      game:return_figure(f.index, "ABBOT-06")
      return
    end
  end
end

-- ABBOT-05 / ABBOT-07: a monastery or garden holding an abbot scores as a
-- monastery does; the points name the abbot's rule.
local function abbot_feature_value(game, score)
  if not is_abbot_spot(score.kind) then return end
  for _, f in ipairs(game:figures(abbot)) do
    if game:figure_feature(f.index) == score.feature then
      score.rule = score.final and "ABBOT-07" or "ABBOT-05"
      return
    end
  end
end

return {
  id = "abbot",
  name = "The Abbot",
  version = "1.0",
  description = "Each player gets an abbot for monasteries and gardens, " ..
                "which they may take back early to score what it has.",
  setup = function(rules)
    monastery = rules:kind("monastery")
    garden = rules:kind("garden")
    -- ABBOT-01, ABBOT-08: one per player, a follower for every other rule
    abbot = rules:add_figure_type("abbot", true, 1)
    rules:set_figure_place_rule(abbot, "ABBOT-03")
    rules:set_look("figure", abbot, { ascii = "A", unicode = "A",
                                      colour = "seat", shape = "meeple" })
    -- ABBOT-03/04: monasteries and gardens only, wherever a rule set lets
    -- followers go (the magic portal, X-12)
    rules:set_figure_kinds(abbot, { monastery, garden })
    take_back = rules:add_action_kind{
      name = "abbot-return",
      description = "Take your abbot back and score its monastery or " ..
                    "garden now (ABBOT-06)",
      fields = { "segment", "cell" },
      -- it scores the abbot's feature, and the abbot goes home
      effect = "score", figure = abbot,
      apply = take_abbot_back,
    }
    -- ABBOT-02: gardens are real features now, completed like monasteries
    rules:activate_kind(garden, "ABBOT-02")
    rules:hook("figure_actions", list_abbot_actions)
    rules:hook("feature_value", abbot_feature_value)
  end,
}
