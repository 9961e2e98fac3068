-- A challenge may leave the colours to the Japanese rule: on acceptance one player, drawn by
-- lot, decides whether a tie counts for black or for white, and the other picks a colour.
ALTER TABLE challenges DROP CONSTRAINT challenges_color_check;
ALTER TABLE challenges ADD CONSTRAINT challenges_color_check
    CHECK (color IN ('black', 'white', 'random', 'japanese'));
