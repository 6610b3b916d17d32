import { type CSSProperties, useEffect, useRef } from 'react';

type Props = { track: MediaStreamTrack; label: string; mirrored?: boolean; style?: CSSProperties; testId?: string };

/**
 * A video track on screen. A remote track is attached once it unmutes, that is once frames actually arrive,
 * so the element never starts on a track that has nothing to show yet.
 */
export function TrackVideo({ track, label, mirrored, style, testId }: Props) {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const attach = () => {
      const current = el.srcObject as MediaStream | null;
      if (current?.getTracks()[0] === track) return;
      el.srcObject = new MediaStream([track]);
      void el.play().catch(() => undefined);
    };
    if (!track.muted) attach();
    track.addEventListener('unmute', attach);
    return () => {
      track.removeEventListener('unmute', attach);
      el.srcObject = null;
    };
  }, [track]);

  return (
    <video
      ref={ref}
      aria-label={label}
      data-testid={testId}
      autoPlay
      playsInline
      muted
      style={{
        width: '100%',
        height: '100%',
        objectFit: 'contain',
        background: '#000',
        transform: mirrored ? 'scaleX(-1)' : undefined,
        ...style,
      }}
    />
  );
}

/** A remote peer's voice; audio needs no frames to start, so it is attached at once. */
export function TrackAudio({ track }: { track: MediaStreamTrack }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.srcObject = new MediaStream([track]);
    void el.play().catch(() => undefined);
    return () => {
      el.srcObject = null;
    };
  }, [track]);
  // biome-ignore lint/a11y/useMediaCaption: a live voice call has no caption track to offer.
  return <audio ref={ref} autoPlay hidden />;
}
