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
    // Some browsers start a context suspended until a gesture; the device check follows one.
    void context.resume().catch(() => undefined);
    return () => {
      window.clearInterval(timer);
      source.disconnect();
      void context.close();
    };
  }, [track, enabled]);

  return level;
}
