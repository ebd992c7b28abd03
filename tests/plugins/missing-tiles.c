/* missing-tiles.c — names a tile file that exists nowhere. */
#define FIXTURE_ID "missing-tiles"
#include "fixture.h"

FIXTURE_PLUGIN(.tiles = "fixture-missing.tiles");
