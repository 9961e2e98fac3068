-- Languages. A server's announcements are in the language /settings language chose (NULL: follow
-- Discord's language for the server), and Discord's language for each server is remembered from
-- the last interaction that named it.
ALTER TABLE guild_settings ADD COLUMN language TEXT;

CREATE TABLE guild_locales (
    guild_id   INTEGER PRIMARY KEY,
    locale     TEXT    NOT NULL,                                        -- Discord's tag, such as 'de'
    updated_at INTEGER NOT NULL
) STRICT;
