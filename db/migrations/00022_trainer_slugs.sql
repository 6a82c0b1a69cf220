-- Trainer pages (docs/product.md, Trainer pages): every trainer has a unique slug, its address
-- /trainers/{slug}. The database makes it when a row comes without one (the admin API, the demo data,
-- any script), so there is one rule, here: accents folded, honorifics before the name and credentials
-- after it dropped ("Dr. Ana López, PhD" → ana-lopez), then -2, -3… when a trainer or an old address
-- has it. Existing trainers get theirs below, oldest first. An admin may choose another slug
-- (src/services/trainerSlugs.ts); the old one then redirects (trainer_slug_redirects).

-- A slug a trainer had before: its old URLs answer 301 to the trainer's current page. A slug taken
-- again by a trainer stops redirecting (the application deletes the row when it assigns the slug).
create table trainer_slug_redirects (
  slug text primary key,
  trainer_id uuid not null references trainers (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index trainer_slug_redirects_trainer_idx on trainer_slug_redirects (trainer_id);

alter table trainers add column slug text;

-- The slug a name suggests, before any suffix. lower() is ASCII-only under the C collation: letters
-- are folded by translate() first (Latin-1, Latin Extended-A/B and Latin Extended Additional, the
-- characters Unicode decomposes into a base letter and an accent, plus ø ł đ ð ı ħ ŧ).
create function trainer_slug_base(name text) returns text language sql immutable as $fn$
  select coalesce(nullif(rtrim(left(regexp_replace(
    regexp_replace(
      regexp_replace(
        trim(regexp_replace(regexp_replace(split_part(
          replace(replace(replace(replace(replace(replace(replace(lower(translate(name,
            'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹØøŁłĐđÐðıĦħŦŧ',
            'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzsoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyyaabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwysaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyyoollddddihhtt')),
            'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'), 'ß', 'ss'), 'Þ', 'th'), 'þ', 'th'),
          ',', 1), '\.', '', 'g'), '[^a-z0-9]+', ' ', 'g')),
        '^(?:(?:dr|doctor|mr|mrs|ms|mx|miss|prof|professor|rev)\s+)+', ''),
      '(?:\s+(?:phd|psyd|edd|dsw|msw|mft|lcsw|licsw|lmsw|lisw|lmft|lpc|lpcc|lmhc|lcpc|lpcs|ncc|aprn|pmhnp))+$', ''),
    '\s+', '-', 'g'), 80), '-'), ''), 'trainer')
$fn$;

-- The first of base, base-2, base-3… that no trainer and no old address has. 'page' is reserved:
-- /trainers/page/{n} are the further pages of /trainers.
create function trainer_free_slug(base text) returns text language plpgsql as $fn$
declare
  candidate text := base;
  n integer := 1;
begin
  while candidate = 'page'
    or exists (select 1 from trainers where slug = candidate)
    or exists (select 1 from trainer_slug_redirects where slug = candidate) loop
    n := n + 1;
    candidate := rtrim(left(base, 80 - length(n::text) - 1), '-') || '-' || n;
  end loop;
  return candidate;
end
$fn$;

create function trainers_fill_slug() returns trigger language plpgsql as $fn$
begin
  if new.slug is null then
    new.slug := trainer_free_slug(trainer_slug_base(new.name));
  end if;
  return new;
end
$fn$;

-- Row by row, oldest first: each row's suffix sees the slugs given before it.
do $do$
declare
  r record;
begin
  for r in select id, name from trainers order by created_at, id loop
    update trainers set slug = trainer_free_slug(trainer_slug_base(r.name)) where id = r.id;
  end loop;
end
$do$;

alter table trainers
  alter column slug set not null,
  add constraint trainers_slug_key unique (slug),
  add constraint trainers_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 80);

create trigger trainers_fill_slug before insert or update on trainers
  for each row execute function trainers_fill_slug();
