export { fetchProfile, profileQuery, useProfile } from '../../../entities/psychologist/profile';
