let context: AudioContext | undefined;

/** A short two-tone chime for a new request; browsers allow it once the page has been touched. */
export function chime() {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.3, now + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.15 + 0.3);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + i * 0.15);
      oscillator.stop(now + i * 0.15 + 0.32);
    }
  } catch {
    // No audio (a locked-down browser): the visual cue still shows.
  }
}
