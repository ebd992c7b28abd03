/* bad-tiles.c — its tile file (fixture-bad.tiles) has an error. */
#define FIXTURE_ID "bad-tiles"
#include "fixture.h"

FIXTURE_PLUGIN(.tiles = "fixture-bad.tiles");
