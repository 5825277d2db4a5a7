/**
 * The ringtone of an incoming call: two soft tones every 2 s, drawn with WebAudio (no audio
 * file to precache). Web Audio plays through the device's media volume, so a muted device
 * or a phone's silent switch silences it. A browser that refuses to start audio without a
 * gesture (autoplay policy) leaves the call silent but still shown: every step is guarded,
 * a ringtone never throws.
 */
export type Ringtone = { stop(): void };

const TONES = [440, 480];
const PERIOD_MS = 2_000;
const TONE_S = 0.8;

export function startRingtone(): Ringtone {
  let context: AudioContext | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  try {
    context = new AudioContext();
    void context.resume().catch(() => undefined);
  } catch {
    return { stop() {} };
  }
  const ring = () => {
    if (!context || context.state !== 'running') return;
    try {
      const gain = context.createGain();
      const t = context.currentTime;
      gain.gain.setValueAtTime(0, t);
      gain.gain.linearRampToValueAtTime(0.08, t + 0.05);
      gain.gain.linearRampToValueAtTime(0, t + TONE_S);
      gain.connect(context.destination);
      for (const frequency of TONES) {
        const tone = context.createOscillator();
        tone.frequency.value = frequency;
        tone.connect(gain);
        tone.start(t);
        tone.stop(t + TONE_S);
      }
    } catch {
      // A context closed under us: nothing to ring.
    }
  };
  ring();
  timer = setInterval(ring, PERIOD_MS);
  return {
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      void context?.close().catch(() => undefined);
      context = undefined;
    },
  };
}
