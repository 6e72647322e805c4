// The users feature. Screens (routes/) are lazy-loaded by the router and not exported here.
export { useUpdateProfile } from './api/update-profile';
export { toProfileInput, profileValuesOf, PROFILE_FIELDS, type ProfileFormValues } from './profile-values';
export { ProfileForm, type ProfileFormProps } from './components/profile-form';
export { profileSaveErrorMessage } from './profile-messages';
export { UserNotes, type UserNotesProps } from './components/user-notes';
