// What the synchronization hooks record: per place and kind of wait, the waits and the time
// blocked in them.
#pragma once

#include "attribution.h"

#include <stdint.h>

namespace hotline::rt {

struct SyncPlace {
  PlaceKey key; // detail: the hotline_sync_kind
  uint64_t waits;
  uint64_t wait_ticks;
};

// Off once HOTLINE_SYNC=0 has been read.
bool sync_tracking_on();
void set_sync_tracking(bool on);

// One wait of `kind` (enum hotline_sync_kind) that blocked from `start_ticks` to `end_ticks`;
// in trace mode it joins the thread's timeline too.
void record_wait(uint32_t kind, uint64_t start_ticks, uint64_t end_ticks, void *return_address);

PlaceTable<SyncPlace> &sync_places();
// In a forked child: every place's waits start from zero.
void forget_parent_waits();

// Called once, from runtime_init: makes fork safe for the table.
void sync_tracking_init();

} // namespace hotline::rt
