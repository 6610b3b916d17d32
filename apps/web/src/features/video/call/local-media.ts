/** Why a device gave nothing: none there, permission refused, busy elsewhere, or no media API at all. */
export type DeviceError = 'not-found' | 'denied' | 'in-use' | 'unsupported' | 'failed';

export type LocalMediaState = {
  micOn: boolean;
  camOn: boolean;
  audio: MediaStreamTrack | null;
  camera: MediaStreamTrack | null;
  screen: MediaStreamTrack | null;
  micError: DeviceError | null;
  camError: DeviceError | null;
  shareError: DeviceError | null;
  microphones: MediaDeviceInfo[];
  cameras: MediaDeviceInfo[];
  /** A device of the kind exists, though the browser names none before access is allowed. */
  micPresent: boolean;
  cameraPresent: boolean;
  micId: string | null;
  camId: string | null;
};

/** Camera height of the spec (§9). */
export const CAMERA_HEIGHT = 480;

export function deviceError(err: unknown): DeviceError {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'not-found';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotReadableError' || name === 'AbortError') return 'in-use';
  if (name === 'TypeError') return 'unsupported';
  return 'failed';
}

/**
 * The camera, microphone and screen of this browser, outside React so the call can follow the same tracks.
 * The spec's defaults: microphone on, camera off. A device that fails leaves the others working.
 */
export class LocalMedia {
  private state: LocalMediaState = {
    micOn: true,
    camOn: false,
    audio: null,
    camera: null,
    screen: null,
    micError: null,
    camError: null,
    shareError: null,
    microphones: [],
    cameras: [],
    micPresent: false,
    cameraPresent: false,
    micId: null,
    camId: null,
  };
  private listeners = new Set<() => void>();
  private disposed = false;
  private readonly onDeviceChange = () => void this.listDevices();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.state;

  private set(patch: Partial<LocalMediaState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private get api(): MediaDevices | undefined {
    return navigator.mediaDevices;
  }

  /** (Re)starts the preview with the current choices. */
  async start() {
    this.api?.addEventListener?.('devicechange', this.onDeviceChange);
    if (this.state.micOn && !this.state.audio) await this.openMic();
    if (this.state.camOn && !this.state.camera) await this.openCamera();
    await this.listDevices();
  }

  private async listDevices() {
    if (!this.api?.enumerateDevices) return;
    const all = await this.api.enumerateDevices().catch(() => []);
    const usable = (kind: MediaDeviceKind) => all.filter((d) => d.kind === kind && d.deviceId !== '');
    const present = (kind: MediaDeviceKind) => all.some((d) => d.kind === kind);
    if (this.disposed) return;
    this.set({
      microphones: usable('audioinput'),
      cameras: usable('videoinput'),
      micPresent: present('audioinput'),
      cameraPresent: present('videoinput'),
    });
  }

  private async capture(constraints: MediaStreamConstraints): Promise<MediaStreamTrack | DeviceError> {
    if (!this.api?.getUserMedia) return 'unsupported';
    try {
      const stream = await this.api.getUserMedia(constraints);
      const track = stream.getTracks()[0];
      if (this.disposed) {
        track?.stop();
        return 'failed';
      }
      return track ?? 'not-found';
    } catch (err) {
      return deviceError(err);
    }
  }

  private async openMic() {
    const id = this.state.micId;
    const got = await this.capture({ audio: id ? { deviceId: { exact: id } } : true });
    if (typeof got === 'string') return this.set({ audio: null, micError: got });
    this.state.audio?.stop();
    got.enabled = this.state.micOn;
    // Unplugged or taken by the system: say so instead of sending silence.
    got.addEventListener('ended', () => {
      if (this.state.audio === got) this.set({ audio: null, micError: 'not-found' });
    });
    this.set({ audio: got, micError: null, micId: got.getSettings().deviceId ?? id });
    await this.listDevices();
  }

  private async openCamera() {
    const id = this.state.camId;
    const video: MediaTrackConstraints = { height: { ideal: CAMERA_HEIGHT } };
    if (id) video.deviceId = { exact: id };
    const got = await this.capture({ video });
    if (typeof got === 'string') return this.set({ camera: null, camOn: false, camError: got });
    this.state.camera?.stop();
    // Turned off while the camera was opening.
    if (!this.state.camOn) return got.stop();
    got.addEventListener('ended', () => {
      if (this.state.camera === got) this.set({ camera: null, camOn: false, camError: 'not-found' });
    });
    this.set({ camera: got, camError: null, camId: got.getSettings().deviceId ?? id });
    await this.listDevices();
  }

  async setMicOn(on: boolean) {
    this.set({ micOn: on });
    if (this.state.audio) {
      this.state.audio.enabled = on;
      this.set({});
    } else if (on) await this.openMic();
  }

  async setCamOn(on: boolean) {
    if (!on) {
      this.state.camera?.stop();
      return this.set({ camOn: false, camera: null });
    }
    this.set({ camOn: true, camError: null });
    await this.openCamera();
  }

  async selectMic(id: string) {
    this.set({ micId: id });
    await this.openMic();
  }

  async selectCamera(id: string) {
    this.set({ camId: id });
    if (this.state.camOn) await this.openCamera();
  }

  async startShare() {
    const api = this.api;
    if (!api?.getDisplayMedia) return this.set({ shareError: 'unsupported' });
    try {
      const track = (await api.getDisplayMedia({ video: true, audio: false })).getVideoTracks()[0];
      if (!track) return;
      // The browser's own "stop sharing" button ends the track.
      track.addEventListener('ended', () => this.stopShare());
      this.state.screen?.stop();
      this.set({ screen: track, shareError: null });
    } catch (err) {
      const error = deviceError(err);
      // Closing the picker is a choice, not a failure.
      this.set({ shareError: error === 'denied' ? null : error });
    }
  }

  stopShare() {
    this.state.screen?.stop();
    if (this.state.screen) this.set({ screen: null });
  }

  /** Releases every device (leaving the page). */
  stop() {
    for (const t of [this.state.audio, this.state.camera, this.state.screen]) t?.stop();
    this.set({ audio: null, camera: null, screen: null });
  }

  dispose() {
    this.stop();
    this.disposed = true;
    this.api?.removeEventListener?.('devicechange', this.onDeviceChange);
    this.listeners.clear();
  }
}
