/**
 * The personal info screen has no menu of its own: the palette and the sidebar's end reach it.
 * A module of its own so the shell names it without loading the screens.
 */
export const PROFILE_CODE = 'tui_profile';
