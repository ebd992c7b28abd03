-- heuristic.lua — a bot strategy written in Lua: a cheap one-move
-- heuristic that sees only what every client sees (the state, the
-- catalog and the decision's actions), so it plays any rule set.  It is
-- an example of a strategy of your own, not the strategy library's
-- greedy: that one is game:bot(seat, "greedy"), the algorithm `meeple
-- bot --strategy greedy` and meeple-sim run (doc/lua.md, "Bots").  Use
-- it as a module:
--
--   local heuristic = require "heuristic"
--   local choose = heuristic.new(game)       -- one per game (caches the catalog)
--   game:play(seat, choose)                  -- or game:act(d, choose(d))
--
-- place-tile:   3 points per placed side neighbour, 2 more when the edge
--               that touches it is a road or a city, 1 per placed corner
--               neighbour.
-- place-figure: a city or a one-tile feature (a monastery) 40, a road
--               or another edge feature 20, a field 10, anything else 5,
--               pass 0; the last figure of its type only on a city or a
--               monastery.
-- other kinds:  the first action that is not "pass" (a random one when
--               all are).
-- Ties are broken at random (math.random).
local heuristic = {}

local side_dx = { [0] = 0, 1, 0, -1 }
local side_dy = { [0] = -1, 0, 1, 0 }

local function key(x, y) return x .. "," .. y end

-- Terrain on @side (0 north .. 3 west) of a tile type turned @rotation
-- quarter turns clockwise: side s shows printed side s - rotation.
local function rotated_edge(tile_type, rotation, side)
  return tile_type.edges[(side - rotation) % 4 + 1]
end

local function placement_score(a, cells, catalog)
  local tile_type = catalog.tiles[a.tile]
  local score = 0
  for side = 0, 3 do
    if cells[key(a.x + side_dx[side], a.y + side_dy[side])] then
      score = score + 3
      if tile_type and rotated_edge(tile_type, a.rotation, side) ~= "field" then
        score = score + 2
      end
    end
  end
  for dx = -1, 1, 2 do
    for dy = -1, 1, 2 do
      if cells[key(a.x + dx, a.y + dy)] then score = score + 1 end
    end
  end
  return score
end

local function figure_score(a, cells, catalog, seat_info)
  if a.kind == "pass" then return 0 end
  local placed = cells[key(a.x, a.y)]
  local tile_type = placed and catalog.tiles[placed.tile]
  local segment = tile_type and a.segment and tile_type.segments[a.segment]
  if not segment then return 0 end
  if segment.kind == "city" or segment.shape == "surround" then return 40 end
  local value = segment.shape == "edge" and 20
             or segment.shape == "field" and 10 or 5
  if a.figure and (seat_info.supply[a.figure] or 0) <= 1 then return -1 end
  return value
end

local function first_not_pass(d)
  for i, a in ipairs(d.actions) do
    if a.kind ~= "pass" then return i end
  end
  return math.random(#d.actions)
end

--- heuristic.choose(d, state, catalog) -> index of the action to take.
function heuristic.choose(d, state, catalog)
  local placing = d.kind == "place-tile"
  if not placing and d.kind ~= "place-figure" then return first_not_pass(d) end
  local cells = {}
  for _, t in ipairs(state.board) do cells[key(t.x, t.y)] = t end
  local seat_info = state.seats[d.seat]
  local best, chosen, ties = math.mininteger, 1, 0
  for i, a in ipairs(d.actions) do
    local score = placing and placement_score(a, cells, catalog)
                  or figure_score(a, cells, catalog, seat_info)
    if score > best then
      best, chosen, ties = score, i, 1
    elseif score == best then
      ties = ties + 1
      if math.random(ties) == 1 then chosen = i end
    end
  end
  return chosen
end

--- heuristic.new(game) -> choose(d): the strategy for @game, its catalog
-- read once (it never changes during a game).
function heuristic.new(game)
  local catalog = game:catalog()
  return function(d)
    if d.kind ~= "place-tile" and d.kind ~= "place-figure" then
      return first_not_pass(d)
    end
    return heuristic.choose(d, game:state(), catalog)
  end
end

--- heuristic.random(d) -> a uniformly random index (the random bot).
function heuristic.random(d)
  return math.random(#d.actions)
end

return heuristic
