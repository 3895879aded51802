/**
 * This device's Web Push subscription: whether the browser can have one, whether it has one, and turning it on
 * (the browser asks the member's permission, then subscribes with the server's public key) or off.
 * The app-shell worker (public/sw.js) shows what arrives; it runs only in production builds.
 */
import { pushCalls } from '@caravan/shared';
import { call } from '../../lib/api.ts';
import { registerAppShellWorker } from '../../lib/offline/registerAppShellWorker.ts';

/** on/off: this device has (or has not) a subscription; the others say why it cannot. */
export type PushDeviceState = 'on' | 'off' | 'blocked' | 'installOnIos' | 'unsupported';

const api = pushCalls.push;

/** iPhone and iPad (iPadOS says it is a Mac with a touch screen). */
const isIos = () => /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);
const isInstalledApp = () => matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

export function pushSupported(): boolean {
  return import.meta.env.PROD && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** A worker that never becomes ready (its registration failed) leaves push unavailable rather than waiting forever. */
const READY_WAIT_MS = 10_000;

/** The app-shell worker, registered now if no trip page did yet: it is the one that shows pushes. */
async function registration(): Promise<ServiceWorkerRegistration> {
  registerAppShellWorker();
  const gaveUp = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no service worker')), READY_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, gaveUp]);
}

export async function pushDeviceState(): Promise<PushDeviceState> {
  // Safari on iOS offers push only to the app added to the Home Screen.
  if (isIos() && !isInstalledApp()) return 'installOnIos';
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  // No worker yet: no subscription either.
  const registered = await navigator.serviceWorker.getRegistration();
  const subscription = registered ? await registered.pushManager.getSubscription() : null;
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

const toBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

const sameBytes = (key: ArrayBuffer | null, expected: Uint8Array) => {
  const bytes = new Uint8Array(key ?? new ArrayBuffer(0));
  return bytes.length === expected.length && bytes.every((byte, index) => byte === expected[index]);
};

export async function turnPushOn(): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const { publicKey } = await call(api.publicKey);
  const serverKey = toBytes(publicKey);
  const { pushManager } = await registration();
  let subscription = await pushManager.getSubscription();
  // One made for another key (the server's keys were replaced) could never be pushed to: make a new one.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  const { endpoint, keys } = subscription.toJSON();
  await call(api.subscribe, { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } });
  return 'on';
}

export async function turnPushOff(): Promise<PushDeviceState> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    await call(api.unsubscribe, { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return 'off';
}
