/* own-tiles.c — brings its own tile file, fixture-own.tiles. */
#define FIXTURE_ID "own-tiles"
#include "fixture.h"

FIXTURE_PLUGIN(.tiles = "fixture-own.tiles");
