/**
 * Runs `work` and counts the turns the event loop took meanwhile (a setImmediate that queues itself
 * again each turn): work that holds the event loop from start to end leaves it at or near 0, however
 * long it takes; work in steps leaves at least one turn per step. Counting, not timing, so a loaded
 * machine cannot make it fail.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (done) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { result: await work(), turns };
  } finally {
    done = true;
  }
}
