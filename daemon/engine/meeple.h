/* meeple.h — libmeeple, the Carcassonne rules engine of meepled.
 *
 * Include this one header.  See doc/engine.md for an overview.
 */
#ifndef MEEPLE_H
#define MEEPLE_H

#include "meeple/error.h"
#include "meeple/rules.h"
#include "meeple/game.h"
#include "meeple/events.h"
#include "meeple/looks.h"
#include "meeple/notation.h"
#include "meeple/record.h"
#include "meeple/loader.h"

#endif
