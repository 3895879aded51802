/** The words of the account page's "Notifications on this device" and the push column of the settings. */
export const pushDeviceMessages = {
  title: 'Notifications on this device',
  intro: 'Get a notification on this device when something you chose to be told about happens, even with Caravan closed. Which kinds: the “Push” column of the notification settings.',
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  turnOn: 'Turn on notifications on this device',
  turnOff: 'Turn off notifications on this device',
  working: 'Working...',
  checking: 'Checking this device...',
  blocked: 'Notifications are blocked for Caravan in this browser. Allow them in the browser’s site settings, then come back here.',
  installOnIos: 'On iPhone and iPad, only the installed app can show notifications: tap Share, then “Add to Home Screen”, open Caravan from there and turn them on in its account page.',
  unsupported: 'This browser cannot show notifications from Caravan.',
  failed: 'Notifications could not be turned on for this device.',
  byPush: 'Push',
} as const;
