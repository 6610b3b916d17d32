import { useEffect, useState } from 'react';

/** Loudness of a microphone track, 0–100, sampled about ten times a second; 0 without a live, enabled track. */
export function useMicLevel(track: MediaStreamTrack | null, enabled: boolean): number {
  const [level, setLevel] = useState(0);

  useEffect(() => {
    if (!track || !enabled || typeof AudioContext === 'undefined') {
      setLevel(0);
      return;
    }
    const context = new AudioContext();
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = window.setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      const rms = Math.sqrt(sum / samples.length);
      // Speech sits around 0.02–0.2 RMS; a square root spreads that over the bar.
      setLevel(Math.min(100, Math.round(Math.sqrt(rms) * 180)));
    }, 100);
    // A page nobody has clicked or typed in yet (opened from a link or a bookmark) may only make a suspended context
    // (the browsers' autoplay rules), which the first click or key press may start.
    const wake = () => {
      if (context.state === 'suspended') void context.resume().catch(() => undefined);
    };
    wake();
    document.addEventListener('pointerdown', wake, true);
    document.addEventListener('keydown', wake, true);
    return () => {
      document.removeEventListener('pointerdown', wake, true);
      document.removeEventListener('keydown', wake, true);
      window.clearInterval(timer);
      source.disconnect();
      void context.close();
    };
  }, [track, enabled]);

  return level;
}
