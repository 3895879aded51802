/** The account page's passkeys: list, add (the browser's passkey dialog between two calls), rename, remove. */
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { passkeyCalls } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const PASSKEYS_KEY = ['passkeys'];

export const passkeysApi = {
  list: () => call(passkeyCalls.passkeys.list),
  add: async (name: string) => {
    const { options } = await call(passkeyCalls.passkeys.registrationOptions, {});
    const credential = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
    return call(passkeyCalls.passkeys.register, { credential, ...(name.trim() ? { name } : {}) });
  },
  rename: (id: number, name: string) => call(passkeyCalls.passkeys.rename, { id, name }),
  remove: (id: number) => call(passkeyCalls.passkeys.remove, { id }),
};
