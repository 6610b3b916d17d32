export { fetchProfile, profileQuery, useProfile } from '../../../lib/psychologist-profile';
