import { computed } from 'nanostores';
import { navState } from '../rules/nav.ts';
import { $chatCounters } from './chat-counters.ts';
import { $user } from './user.ts';

/** Everything the top navigation shows, derived from the member and the counters by the spec's rules. */
export const $nav = computed([$user, $chatCounters], (user, counters) => navState(user, counters));
