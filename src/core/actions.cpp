#include "core/actions.hpp"

#include <climits>
#include <type_traits>

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

// Reads the fields of one object; `where` names it in the errors ("action 'cast'").
class Reader {
public:
    Reader(const json& object, std::string where) : object_(object), where_(std::move(where)) {}
    bool saw_dice = false;

    template <class T>
    void operator()(const char* name, T& value) {
        if (std::string_view(name) == "dice") saw_dice = true;
        if constexpr (is_optional<T>::value) {
            using Inner = typename T::value_type;
            value.reset();
            if (!object_.contains(name)) return;
            const json& field = object_.at(name);
            // As the rules read them: an optional text or number may be null (left out); an
            // optional list, object or true/false may not.
            if (field.is_null()) {
                if constexpr (std::is_same_v<Inner, std::string> || std::is_same_v<Inner, int>) return;
                else fail(name, "must not be null");
            }
            value.emplace();
            read(name, field, *value);
        } else {
            if (!object_.contains(name)) fail(name, "is missing");
            read(name, object_.at(name), value);
        }
    }

private:
    [[noreturn]] void fail(const std::string& name, const std::string& problem) const {
        throw DataError(where_ + ": field '" + name + "' " + problem);
    }

    void read(const std::string& name, const json& field, std::string& value) const {
        if (!field.is_string()) fail(name, "must be a text");
        value = field.get<std::string>();
    }
    void read(const std::string& name, const json& field, int& value) const {
        const auto number = exact_integer(field, INT_MIN, INT_MAX);  // as written: 4294967297 is not 1
        if (!number) fail(name, "must be a whole number from " + std::to_string(INT_MIN) + " to " + std::to_string(INT_MAX));
        value = static_cast<int>(*number);
    }
    void read(const std::string& name, const json& field, bool& value) const {
        if (!field.is_boolean()) fail(name, "must be true or false");
        value = field.get<bool>();
    }
    void read(const std::string& name, const json& field, std::vector<std::string>& value) const {
        if (!field.is_array()) fail(name, "must be a list of texts");
        for (const auto& item : field) {
            if (!item.is_string()) fail(name, "must be a list of texts");
            value.push_back(item.get<std::string>());
        }
    }
    void read(const std::string& name, const json& field, std::vector<int>& value) const {
        if (!field.is_array()) fail(name, "must be a list of whole numbers");
        for (const auto& item : field) {
            const auto number = exact_integer(item, INT_MIN, INT_MAX);
            if (!number) fail(name, "must be a list of whole numbers");
            value.push_back(static_cast<int>(*number));
        }
    }
    void read(const std::string& name, const json& field, std::array<int, 3>& value) const {
        if (!field.is_array() || field.size() != 3) fail(name, "must be a list of three whole numbers");
        for (std::size_t i = 0; i < 3; ++i) {
            const auto number = exact_integer(field[i], INT_MIN, INT_MAX);
            if (!number) fail(name, "must be a list of three whole numbers");
            value[i] = static_cast<int>(*number);
        }
    }
    void read(const std::string& name, const json& field, std::map<std::string, int>& value) const {
        if (!field.is_object()) fail(name, "must be an object");
        for (const auto& item : field.items()) read(name + "." + item.key(), item.value(), value[item.key()]);
    }
    void read(const std::string& name, const json& field, actions::TalentPoints& value) const {
        if (!field.is_object()) fail(name, "must be an object");
        for (const auto& item : field.items())
            if (item.key() != "traps" && item.key() != "negotiation" && item.key() != "black_gates")
                fail(name + "." + item.key(), "is not a talent (traps, negotiation, black_gates)");
        actions::TalentPoints::fields(value, [&](const char* talent, std::optional<int>& points) {
            if (!field.contains(talent)) return;
            points.emplace();
            read(name + "." + talent, field.at(talent), *points);  // null too is not a number
        });
    }

    const json& object_;
    std::string where_;
};

template <class A>
A read_action(const json& object) {
    A action;
    Reader reader(object, std::string("action '") + A::type + "'");
    A::fields(action, reader);
    // The rules take "dice" from every action; one that rolls nothing accepts only none.
    if (!reader.saw_dice && object.contains("dice") && !(object.at("dice").is_array() && object.at("dice").empty()))
        throw DataError(std::string("action '") + A::type + "': rolls no dice, but 'dice' holds some");
    return action;
}

template <std::size_t I = 0>
Action read_alternative(const std::string& type, const json& object) {
    if constexpr (I == std::variant_size_v<Action>) {
        throw DataError("unknown action type '" + type + "'");
    } else {
        using A = std::variant_alternative_t<I, Action>;
        if (type == A::type) return read_action<A>(object);
        return read_alternative<I + 1>(type, object);
    }
}

}  // namespace

const char* action_type(const Action& action) {
    return std::visit([](const auto& a) { return std::decay_t<decltype(a)>::type; }, action);
}

json to_json(const Action& action) {
    return std::visit(
        [](const auto& a) {
            using A = std::decay_t<decltype(a)>;
            json object = {{"type", A::type}};
            A::fields(a, Writer{object});
            return object;
        },
        action);
}

Action action_from_json(const json& object) {
    if (!object.is_object()) throw DataError("an action must be a JSON object");
    if (!object.contains("type") || !object.at("type").is_string()) throw DataError("an action needs a text 'type'");
    return read_alternative(object.at("type").get<std::string>(), object);
}

}  // namespace czary
