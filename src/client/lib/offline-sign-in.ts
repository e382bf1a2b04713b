// What a sign-in without a network says (the identity provider needs one, DESIGN 4). Its own
// module: the sign-in screen says it even when the rest of the sign-in code could not load.
export const OFFLINE_MESSAGE = 'Signing in needs an internet connection. Check the connection and try again.';
