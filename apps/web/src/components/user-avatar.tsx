import { Avatar, type AvatarProps, Skeleton } from '@mantine/core';
import { useAvatarUrl } from './use-avatar-url';

type Props = Omit<AvatarProps, 'src' | 'name'> & {
  /** API path of the image, e.g. /images/avatar; null shows the initials only. */
  path: string | null;
  /** Full name: the alt text, and the initials when there is no photo. */
  name: string;
  size?: number;
};

/** A person's photo loaded with the session token, or their initials when they have none. */
export function UserAvatar({ path, name, size = 96, ...rest }: Props) {
  const { url, isLoading } = useAvatarUrl(path);
  if (isLoading) return <Skeleton circle height={size} width={size} />;
  return <Avatar src={url} alt={name} name={name} color="initials" size={size} radius={size} {...rest} />;
}
