/** Stored file name → public URL (null stays null). The uploads plugin serves what this names. */
export const uploadUrl = (name: string | null) => (name ? `/uploads/${name}` : null);
