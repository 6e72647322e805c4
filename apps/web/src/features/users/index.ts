// The users feature. Screens (routes/) are lazy-loaded by the router and not exported here.
export { updateProfile } from './api/update-profile';
export {
  validateProfile,
  toProfileInput,
  profileValuesOf,
  serverErrorsByField,
  PROFILE_FIELDS,
  type ProfileFormValues,
  type ProfileErrors,
} from './profile-validation';
export { ProfileForm, type ProfileFormProps } from './components/profile-form';
export { profileSaveErrorMessage } from './profile-messages';
