#include "core/actions.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <string_view>
#include <type_traits>
#include <utility>

#include "core/data_error.hpp"
#include "core/json_input.hpp"

namespace czary {
namespace {

using json = nlohmann::json;

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

// --- writing ---

json write(const std::string& value) { return value; }
json write(int value) { return value; }
json write(bool value) { return value; }
json write(const std::vector<std::string>& value) { return value; }
json write(const std::vector<int>& value) { return value; }
json write(const std::array<int, 3>& value) { return value; }
json write(const std::map<std::string, int>& value) { return value; }
json write(const actions::TalentPoints& talents);

// Sets every field that has a value.
struct Writer {
    json& object;
    template <class T>
    void operator()(const char* name, const T& value) {
        if constexpr (is_optional<T>::value) {
            if (value) object[name] = write(*value);
        } else {
            object[name] = write(value);
        }
    }
};

json write(const actions::TalentPoints& talents) {
    json object = json::object();
    actions::TalentPoints::fields(talents, Writer{object});
    return object;
}

// --- reading ---

// Reads the fields of one object of an action's type; the errors name it ("action 'cast'").
class Reader {
public:
    Reader(const json& object, const char* type) : object_(object), type_(type) {}
    bool saw_dice = false;

    template <class T>
    void operator()(const char* name, T& value) {
        if (std::string_view(name) == "dice") saw_dice = true;
        const auto found = object_.find(name);
        if constexpr (is_optional<T>::value) {
            using Inner = typename T::value_type;
            value.reset();
            if (found == object_.end()) return;
            const json& field = *found;
            // As the rules read them: an optional text or number may be null (left out); an
            // optional list, object or true/false may not.
            if (field.is_null()) {
                if constexpr (std::is_same_v<Inner, std::string> || std::is_same_v<Inner, int>) return;
                else fail(name, "must not be null");
            }
            value.emplace();
            read(name, field, *value);
        } else {
            if (found == object_.end()) fail(name, "is missing");
            read(name, *found, value);
        }
    }

private:
    // The rules' refusal goes with the detail: a bad "dice" is 3.1's bad_dice, any other field
    // bad_action naming it.
    [[noreturn]] void fail(std::string_view name, const char* problem) const {
        Refused refusal = name == "dice" ? Refused("bad_dice", "3.1", "field", "dice") : Refused("bad_action", "", "field", name);
        throw ActionShapeError(std::string("action '") + type_ + "': field '" + std::string(name) + "' " + problem, std::move(refusal));
    }

    void read(std::string_view name, const json& field, std::string& value) const {
        if (!field.is_string()) fail(name, "must be a text");
        value = field.get<std::string>();
    }
    // A whole number past an int (as written: 4294967297 is not 1) is kept as the int's end on
    // its side, so that the rules refuse it as out of the field's range, naming that range.
    static int whole(const json& item) {
        if (item.is_number_unsigned()) return item.get<std::uint64_t>() > static_cast<std::uint64_t>(INT_MAX) ? INT_MAX : static_cast<int>(item.get<std::uint64_t>());
        const std::int64_t number = item.get<std::int64_t>();
        return static_cast<int>(std::clamp<std::int64_t>(number, INT_MIN, INT_MAX));
    }
    void read(std::string_view name, const json& field, int& value) const {
        if (!field.is_number_integer()) fail(name, "must be a whole number");
        value = whole(field);
    }
    void read(std::string_view name, const json& field, bool& value) const {
        if (!field.is_boolean()) fail(name, "must be true or false");
        value = field.get<bool>();
    }
    void read(std::string_view name, const json& field, std::vector<std::string>& value) const {
        if (!field.is_array()) fail(name, "must be a list of texts");
        for (const auto& item : field) {
            if (!item.is_string()) fail(name, "must be a list of texts");
            value.push_back(item.get<std::string>());
        }
    }
    void read(std::string_view name, const json& field, std::vector<int>& value) const {
        if (!field.is_array()) fail(name, "must be a list of whole numbers");
        for (const auto& item : field) {
            if (!item.is_number_integer()) fail(name, "must be a list of whole numbers");
            value.push_back(whole(item));
        }
    }
    void read(std::string_view name, const json& field, std::array<int, 3>& value) const {
        if (!field.is_array() || field.size() != 3) fail(name, "must be a list of three whole numbers");
        for (std::size_t i = 0; i < 3; ++i) {
            if (!field[i].is_number_integer()) fail(name, "must be a list of three whole numbers");
            value[i] = whole(field[i]);
        }
    }
    void read(std::string_view name, const json& field, std::map<std::string, int>& value) const {
        if (!field.is_object()) fail(name, "must be an object");
        for (const auto& item : field.items()) read(name, item.value(), value[item.key()]);
    }
    void read(std::string_view name, const json& field, actions::TalentPoints& value) const {
        if (!field.is_object()) fail(name, "must be an object");
        for (const auto& item : field.items())
            if (item.key() != "traps" && item.key() != "negotiation" && item.key() != "black_gates")
                fail(std::string(name) + "." + item.key(), "is not a talent (traps, negotiation, black_gates)");
        actions::TalentPoints::fields(value, [&](const char* talent, std::optional<int>& points) {
            if (!field.contains(talent)) return;
            points.emplace();
            read(std::string(name) + "." + talent, field.at(talent), *points);  // null too is not a number
        });
    }

    const json& object_;
    const char* type_;
};

// The rules take "dice" from every action; one that rolls nothing accepts only none: pips for it
// are too many (3.1), anything else in "dice" is bad dice. Written once, not in each action's
// reader: its messages and their cleanup were a copy in each of the 42.
void check_no_dice(const json& object, const char* type) {
    const auto found = object.find("dice");
    if (found == object.end() || (found->is_array() && found->empty())) return;
    const json& dice = *found;
    const bool pips = dice.is_array() && std::all_of(dice.begin(), dice.end(), [](const json& pip) { return exact_integer(pip, 1, 6).has_value(); });
    throw ActionShapeError(std::string("action '") + type + "': rolls no dice, but 'dice' holds some",
                           pips ? Refused("too_many_dice", "3.1", "used", "0", "given", std::to_string(dice.size()))
                                : Refused("bad_dice", "3.1", "field", "dice"));
}

template <class A>
A read_action(const json& object) {
    A action;
    Reader reader(object, A::type);
    A::fields(action, reader);
    if (!reader.saw_dice) check_no_dice(object, A::type);
    return action;
}

// Every action's reader by its type, sorted by type: a file's action finds its reader in a few
// comparisons, not one per type before it (a replay reads every action of the file).
using ActionReader = Action (*)(const json&);
template <std::size_t... I>
std::array<std::pair<std::string_view, ActionReader>, sizeof...(I)> sorted_readers(std::index_sequence<I...>) {
    std::array<std::pair<std::string_view, ActionReader>, sizeof...(I)> readers{{
        {std::variant_alternative_t<I, Action>::type,
         [](const json& object) -> Action { return read_action<std::variant_alternative_t<I, Action>>(object); }}...}};
    std::sort(readers.begin(), readers.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return readers;
}

Action read_alternative(const std::string& type, const json& object) {
    static const auto readers = sorted_readers(std::make_index_sequence<std::variant_size_v<Action>>{});
    const auto at = std::lower_bound(readers.begin(), readers.end(), std::string_view(type),
                                     [](const auto& reader, std::string_view wanted) { return reader.first < wanted; });
    if (at == readers.end() || at->first != type)
        throw ActionShapeError("unknown action type '" + type + "'", Refused("unknown_action", "", "type", type));
    return at->second(object);
}

}  // namespace

const char* action_type(const Action& action) {
    return std::visit([](const auto& a) { return std::decay_t<decltype(a)>::type; }, action);
}

json to_json(const Action& action) {
    return std::visit(
        [](const auto& a) {
            using A = std::decay_t<decltype(a)>;
            json object = json::object();
            object["type"] = A::type;
            A::fields(a, Writer{object});
            return object;
        },
        action);
}

Action action_from_json(const json& object) {
    const auto no_type = [] { return Refused("bad_action", "", "field", "type"); };  // built only when thrown
    if (!object.is_object()) throw ActionShapeError("an action must be a JSON object", no_type());
    if (!object.contains("type") || !object.at("type").is_string()) throw ActionShapeError("an action needs a text 'type'", no_type());
    return read_alternative(object.at("type").get<std::string>(), object);
}

}  // namespace czary
