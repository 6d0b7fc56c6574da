/**
 * The beep a card reader's user listens for: a short high tone when a student is marked, a low
 * double tone when the card is not known. Made by WebAudio (nothing to download); the context
 * starts at the first scan, which follows a key press, so the browser lets it play.
 */
let context: AudioContext | undefined;

function tone(at: number, hz: number, seconds: number): void {
  const audio = context!;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = hz;
  gain.gain.setValueAtTime(0.15, at);
  gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + seconds);
}

export function beep(kind: 'marked' | 'unknown'): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    if (kind === 'marked') tone(now, 880, 0.12);
    else {
      tone(now, 220, 0.15);
      tone(now + 0.2, 220, 0.15);
    }
  } catch {
    // No sound device (a server, a locked-down lab PC): the screen says it all.
  }
}
