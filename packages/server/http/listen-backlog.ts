/**
 * Connections the kernel holds for the server until it accepts them. Node's default is 511; Linux caps
 * what is asked at `net.core.somaxconn` (4,096 by default since Linux 5.4). Bursts of new connections
 * come whenever members arrive at once or every open tab reconnects its event stream after a restart,
 * and while the server is busy they wait in this queue. Past it the kernel drops their SYNs and each
 * client waits a second or more to retry: at 3,000 members in bench/capacity.ts, one step had 1,207
 * connections refused with 511 (API p99 2.0 s) and none with 4,096 (p99 0.9 s); the benches print
 * the count.
 */
export const LISTEN_BACKLOG = 4_096;
