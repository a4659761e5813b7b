/**
 * A closed-loop load generator for the bench: `concurrency` workers each send the next request as
 * soon as the previous answer is read, for `seconds`. Node's fetch (undici) keeps connections
 * alive, so the figure is the server's, not TCP set-up's. Non-2xx answers count as errors and
 * make the figure invalid (the bench refuses it rather than reporting fast failures).
 */
export interface Throughput {
  requestsPerSecond: number;
  requests: number;
  errors: number;
}

export async function measureThroughput(
  url: string,
  options: { seconds?: number; concurrency?: number; headers?: Record<string, string> } = {},
): Promise<Throughput> {
  const seconds = options.seconds ?? 3;
  const concurrency = options.concurrency ?? 16;
  // Warm-up: the first requests pay for JIT, prepared statements and connection set-up.
  for (let i = 0; i < 20; i += 1) await (await fetch(url, { headers: options.headers ?? {} })).arrayBuffer();
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await fetch(url, { headers: options.headers ?? {} });
      await response.arrayBuffer();
      if (response.ok) requests += 1;
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { requestsPerSecond: requests / elapsed, requests, errors };
}
