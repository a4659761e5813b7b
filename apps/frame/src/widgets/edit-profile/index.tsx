/** The edit-profile widget's route (`/w/edit-profile`): the widget lives in features/profile, which capture also shows. */
export { default } from '../../features/profile/EditProfileWidget';
