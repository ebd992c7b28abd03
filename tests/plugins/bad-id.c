/* bad-id.c — an id with capitals and '_': not a rule-set id. */
#define FIXTURE_ID "Bad_Id"
#include "fixture.h"

FIXTURE_PLUGIN(.priority = 0);
