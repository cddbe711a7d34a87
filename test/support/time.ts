/**
 * Rate windows start on the UTC minute. A test that needs N requests to land in one window calls
 * this first: when fewer than `seconds` remain in the current minute it waits for the next one.
 */
export async function awaitRoomInMinute(seconds = 5): Promise<void> {
  const msIntoMinute = Date.now() % 60_000;
  const left = 60_000 - msIntoMinute;
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
